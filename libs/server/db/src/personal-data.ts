import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Transaction } from './database';

/** How many records a step removed or anonymised, by what they were ('ordersAnonymised': 2). */
export type PersonalDataCounts = Record<string, number>;

/**
 * The person whose data is asked for: the account, and its email when its owner has proved it
 * (followed a link sent there). Records sent without signing in (a lead from a visitor) are theirs
 * when they carry that proven address; never by an unproven address or a phone number, which anyone
 * can type into a profile.
 */
export interface PersonalDataSubject {
  userId: string;
  verifiedEmail: string | null;
  /** The phone (E.164) the account proved by a code: what its WhatsApp conversations are matched by. */
  verifiedPhone: string | null;
}

/**
 * A domain that holds people's personal data (orders, leads): what the privacy rights and the
 * retention periods need of it. The user domain gathers these without depending on the domains
 * (they are features beside it): a person's data export, their account's deletion, and the daily
 * retention run.
 */
export interface PersonalDataHolder {
  /** The key its records take in a person's data export ('orders', 'leads'). */
  readonly personalDataKey: string;
  /** Everything this domain holds of the person. */
  exportOf(person: PersonalDataSubject): Promise<unknown>;
  /**
   * The person's account is being deleted: their records here lose their personal fields in `tx`
   * (the deletion's transaction). `afterCommit` does what cannot be undone (deleting files) once it has committed.
   */
  forget(person: PersonalDataSubject, tx: Transaction): Promise<{ counts: PersonalDataCounts; afterCommit?: () => Promise<PersonalDataCounts> }>;
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
