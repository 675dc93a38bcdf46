import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';

/** The directives a feature may add sources to, on top of the site's own (`cspDirectives`). */
export type CspSources = Partial<Record<'img-src' | 'connect-src' | 'frame-src', readonly string[]>>;

/** What a feature adds to the site's Content-Security-Policy: the hosts its pages reach. */
export interface CspContribution {
  /** The sources this feature needs with the running configuration (empty when it needs none). */
  cspSources(): CspSources;
}

/**
 * Marks a feature's provider as a `CspContribution`: `@ContributesCspSources()`. The sources of
 * every marked provider are collected at start, so features add their hosts (Cloudinary's images,
 * Braintree's card fields) without the security headers knowing them.
 */
export const ContributesCspSources = DiscoveryService.createDecorator<void>();

/** `contributions` merged per directive, in order, each source once. */
export function mergeCspSources(contributions: readonly CspSources[]): CspSources {
  const merged: Record<string, string[]> = {};
  for (const sources of contributions) {
    for (const [directive, list] of Object.entries(sources)) {
      const into = (merged[directive] ??= []);
      for (const source of list) if (!into.includes(source)) into.push(source);
    }
  }
  return merged;
}

/** Collects the sources of every `@ContributesCspSources()` provider. */
@Injectable()
export class CspSourcesCollector {
  constructor(private readonly discovery: DiscoveryService) {}

  /** The contributed sources, merged; callable once the app's providers exist (before `init`). */
  collect(): CspSources {
    const providers = this.discovery.getProviders({ metadataKey: ContributesCspSources.KEY });
    return mergeCspSources(providers.flatMap((wrapper) => (wrapper.instance ? [(wrapper.instance as CspContribution).cspSources()] : [])));
  }
}

/** Provides `CspSourcesCollector`: import it once, in the API module. */
@Module({ imports: [DiscoveryModule], providers: [CspSourcesCollector], exports: [CspSourcesCollector] })
export class CspSourcesModule {}
