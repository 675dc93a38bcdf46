import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type CspContribution, ContributesCspSources, CspSourcesCollector, CspSourcesModule, mergeCspSources } from './csp-sources';

@ContributesCspSources()
@Injectable()
class ImageHost implements CspContribution {
  cspSources() {
    return { 'img-src': ['https://images.example/'] };
  }
}

@ContributesCspSources()
@Injectable()
class PaymentForm implements CspContribution {
  cspSources() {
    return { 'connect-src': ['https://api.pay.example'], 'frame-src': ['https://frames.pay.example'], 'img-src': ['https://images.example/'] };
  }
}

@Injectable()
class Unmarked implements CspContribution {
  cspSources() {
    return { 'img-src': ['https://never.example/'] };
  }
}

describe('mergeCspSources', () => {
  it('joins the lists per directive in order, each source once', () => {
    expect(mergeCspSources([{ 'img-src': ['a', 'b'] }, { 'img-src': ['b', 'c'], 'frame-src': ['f'] }, {}])).toEqual({
      'img-src': ['a', 'b', 'c'],
      'frame-src': ['f'],
    });
    expect(mergeCspSources([])).toEqual({});
  });
});

describe('CspSourcesCollector', () => {
  it("collects the marked providers' sources once the providers exist, before init", async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CspSourcesModule], providers: [ImageHost, PaymentForm, Unmarked] }).compile();
    expect(moduleRef.get(CspSourcesCollector).collect()).toEqual({
      'img-src': ['https://images.example/'],
      'connect-src': ['https://api.pay.example'],
      'frame-src': ['https://frames.pay.example'],
    });
  });

  it('collects nothing when no provider contributes', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CspSourcesModule], providers: [Unmarked] }).compile();
    expect(moduleRef.get(CspSourcesCollector).collect()).toEqual({});
  });
});
