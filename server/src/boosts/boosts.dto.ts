import { createZodDto } from '../common/zod-dto';
import { boostPurchaseRequest, boostPurchaseResponse, boostStatusResponse } from '@app/contract';

export class BoostStatusResponseDto extends createZodDto(boostStatusResponse) {}
export class BoostPurchaseBody extends createZodDto(boostPurchaseRequest) {}
export class BoostPurchaseResponseDto extends createZodDto(boostPurchaseResponse) {}
