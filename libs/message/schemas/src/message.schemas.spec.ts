import { MESSAGE_STATUS_LABELS, MessageListInputSchema, MessageResendInputSchema } from './message.schemas';

describe('message contracts', () => {
  it('page the list with defaults and bounds, filtered by a known status or channel', () => {
    expect(MessageListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(MessageListInputSchema.parse({ status: 'failed', channel: 'sms' })).toEqual({ page: 1, pageSize: 12, status: 'failed', channel: 'sms' });
    expect(MessageListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
    expect(MessageListInputSchema.safeParse({ status: 'lost' }).error?.issues[0].message).toBe(
      'status must be one of pending, sending, sent, failed, unconfigured, withheld, opted-out',
    );
    expect(MessageListInputSchema.safeParse({ channel: 'fax' }).error?.issues[0].path).toEqual(['channel']);
  });

  it('resend one message by a valid id', () => {
    expect(MessageResendInputSchema.safeParse({ id: 'nope' }).error?.issues[0].path).toEqual(['id']);
  });

  it('call an unsent message what the issue calls it', () => {
    expect(MESSAGE_STATUS_LABELS.unconfigured).toBe('not sent: channel not configured');
  });
});
