import { MessageListInputSchema, MessageResendInputSchema } from '@dealership/message-schemas';
import { adminProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { MessageService } from './message.service';

@Injectable()
export class MessageRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(messages: MessageService) {
    this.router = router({
      list: adminProcedure.input(MessageListInputSchema).query(({ input }) => messages.list(input)),
      resend: adminProcedure.input(MessageResendInputSchema).mutation(({ input, ctx }) => messages.resend(input.id, ctx.user)),
    });
  }
}
