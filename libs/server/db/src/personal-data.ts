import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Transaction } from './database';

/** How many records a step removed or anonymised, by what they were ('ordersAnonymised': 2). */
export type PersonalDataCounts = Record<string, number>;

/**
 * A domain that holds people's personal data (orders, leads): what the privacy rights and the
 * retention periods need of it. The user domain gathers these without depending on the domains
 * (they are features beside it): a person's data export, their account's deletion, and the daily
 * retention run.
 */
export interface PersonalDataHolder {
  /** The key its records take in a person's data export ('orders', 'leads'). */
  readonly personalDataKey: string;
  /** Everything this domain holds of the account `userId`. */
  exportOf(userId: string): Promise<unknown>;
  /**
   * The account `userId` is being deleted: its records here lose their personal fields in `tx`
   * (the deletion's transaction). `afterCommit` does what cannot be undone (deleting files) once it has committed.
   */
  forget(userId: string, tx: Transaction): Promise<{ counts: PersonalDataCounts; afterCommit?: () => Promise<PersonalDataCounts> }>;
  /** Applies the privacy policy's periods (RETENTION) to this domain's records as of `now`. */
  applyRetention(now: Date): Promise<PersonalDataCounts>;
}

/** Marks a feature's provider as a `PersonalDataHolder`: `@HoldsPersonalData()`. */
export const HoldsPersonalData = DiscoveryService.createDecorator<void>();

/** Every `@HoldsPersonalData()` provider of the app (import DiscoveryModule beside it). */
@Injectable()
export class PersonalDataHolders {
  constructor(private readonly discovery: DiscoveryService) {}

  all(): PersonalDataHolder[] {
    return this.discovery
      .getProviders({ metadataKey: HoldsPersonalData.KEY })
      .flatMap((wrapper) => (wrapper.instance ? [wrapper.instance as PersonalDataHolder] : []));
  }
}
