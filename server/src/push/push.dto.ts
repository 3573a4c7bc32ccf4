import { createZodDto } from '../common/zod-dto';
import { pushSubscriptionRequest, pushUnsubscribeRequest } from '@app/contract';

export class PushSubscriptionBody extends createZodDto(pushSubscriptionRequest) {}
export class PushUnsubscribeBody extends createZodDto(pushUnsubscribeRequest) {}
