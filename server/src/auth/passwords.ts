import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PASSWORD_MAX_BYTES } from '@app/contract';
import { utf8Bytes } from '@app/contract';

export interface Verification {
  ok: boolean;
  /** A new hash at today's cost when the stored one was made with a lower cost. */
  upgraded: string | null;
}

/**
 * bcrypt at BCRYPT_COST. Every check costs about the same whatever the account: an unknown
 * address is compared against a dummy hash of today's cost, and a stored hash of a lower cost
 * is padded by a dummy compare (wrong password) or upgraded (right password), so timing does
 * not tell which addresses have accounts.
 */
@Injectable()
export class PasswordHasher {
  private readonly cost: number;
  private readonly dummy: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cost = config.BCRYPT_COST;
    this.dummy = bcrypt.hashSync('not-a-real-password', this.cost);
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  async verify(password: string, hash: string | null): Promise<Verification> {
    // bcrypt would compare only the first 72 bytes: such a password is never the right one
    const usable = hash !== null && utf8Bytes(password) <= PASSWORD_MAX_BYTES;
    if (!usable) {
      await bcrypt.compare(password, this.dummy);
      return { ok: false, upgraded: null };
    }
    const ok = await bcrypt.compare(password, hash);
    if (roundsOf(hash) >= this.cost) return { ok, upgraded: null };
    if (!ok) {
      await bcrypt.compare(password, this.dummy);
      return { ok, upgraded: null };
    }
    return { ok, upgraded: await this.hash(password) };
  }
}

function roundsOf(hash: string): number {
  try {
    return bcrypt.getRounds(hash);
  } catch {
    return 0;
  }
}
