import type { Lead, LeadWhatsAppReplyInput, WhatsAppConversation as Conversation, WhatsAppMessage, WhatsAppReplyStatus } from '@dealership/lead-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Alert, Button, Group, Loader, Select, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './WhatsAppConversation.module.css';

/** How often the open conversation asks for new messages and the replies' status callbacks. */
export const WHATSAPP_REFRESH_MS = 5_000;

const at = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

/** A template's text as the buyer will read it: `{{1}}` is their name. */
export const templateText = (text: string, name: string) => text.replaceAll('{{1}}', name);

// A reply's status as WhatsApp shows it: ticks (decoration) and words (what is read out).
const STATUS_TICKS: Record<WhatsAppReplyStatus, string> = { pending: '🕓', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '⚠' };
const STATUS_WORDS: Record<WhatsAppReplyStatus, string> = { pending: 'Sending', sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' };

function ReplyStatus({ message }: { message: WhatsAppMessage }) {
  if (message.status === null) return null;
  const words = message.status === 'failed' && message.error ? `Failed: ${message.error}` : STATUS_WORDS[message.status];
  const tone = message.status === 'read' ? classes.read : message.status === 'failed' ? classes.failure : undefined;
  return (
    <span className={tone}>
      {' · '}
      <span aria-hidden>{STATUS_TICKS[message.status]} </span>
      {words}
    </span>
  );
}

/** The messages, oldest first, kept scrolled to the newest. */
function Messages({ messages, buyer }: { messages: WhatsAppMessage[]; buyer: string }) {
  const log = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);
  if (messages.length === 0) return <Text c="gray.7">No messages yet.</Text>;
  return (
    // A scrolling region is reachable by keyboard; `log` reads out what arrives.
    <div ref={log} className={classes.log} role="log" aria-label="WhatsApp conversation" tabIndex={0}>
      <ol className={classes.list}>
        {messages.map((message) => (
          <li
            key={message.id}
            className={[classes.bubble, message.direction === 'in' ? classes.in : classes.out, message.status === 'failed' ? classes.failed : ''].join(' ')}
          >
            {message.photoUrl ? (
              <a href={message.photoUrl} target="_blank" rel="noopener noreferrer" className={classes.photoLink}>
                <img src={message.photoUrl} alt={`Photo from ${buyer}`} className={classes.photo} loading="lazy" />
              </a>
            ) : null}
            {message.text}
            <span className={classes.meta}>
              {message.direction === 'in' ? buyer : (message.author ?? 'Staff')} · <time dateTime={message.at}>{at.format(new Date(message.at))}</time>
              <ReplyStatus message={message} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

type Send = (reply: LeadWhatsAppReplyInput) => Promise<string | null>;

/** Free text while the window is open, started from a quick reply if wanted. */
function TextReply({ lead, conversation, send, sending }: { lead: Lead; conversation: Conversation; send: Send; sending: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const submit = async () => {
    setError(null);
    const refusal = await send({ id: lead.id, text });
    // What was typed stays until it is sent.
    if (refusal) setError(refusal);
    else setText('');
  };
  return (
    <>
      {conversation.windowClosesAt ? (
        <Text size="xs" c="gray.7">
          Free replies until <time dateTime={conversation.windowClosesAt}>{at.format(new Date(conversation.windowClosesAt))}</time> (24 hours after the
          buyer&apos;s last message).
        </Text>
      ) : null}
      {conversation.quickReplies.length > 0 ? (
        <Group gap={6} role="group" aria-label="Quick replies">
          {conversation.quickReplies.map((reply) => (
            <Button
              key={reply.label}
              size="compact-sm"
              radius="xl"
              variant="default"
              onClick={() => {
                setText(reply.text);
                box.current?.focus();
              }}
            >
              {reply.label}
            </Button>
          ))}
        </Group>
      ) : null}
      <Textarea
        ref={box}
        label="Reply on WhatsApp"
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        error={error}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button color="green" onClick={() => void submit()} disabled={!text.trim()} loading={sending}>
          Send on WhatsApp
        </Button>
      </Group>
    </>
  );
}

/** After the window closed: an approved template only, shown as the buyer will read it. */
function TemplateReply({ lead, conversation, send, sending }: { lead: Lead; conversation: Conversation; send: Send; sending: boolean }) {
  const [template, setTemplate] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = conversation.templates.find((option) => option.name === template);
  const submit = async () => {
    if (!template) return;
    setError(null);
    const refusal = await send({ id: lead.id, template });
    if (refusal) setError(refusal);
    else setTemplate(null);
  };
  return (
    <>
      <Alert color="yellow">The 24-hour window is closed: WhatsApp allows only an approved template now.</Alert>
      {conversation.templates.length === 0 ? (
        <Text size="sm" c="gray.7">
          No templates are configured in the settings.
        </Text>
      ) : (
        <>
          <Select
            label="Template"
            placeholder="Choose a template"
            data={conversation.templates.map((option) => ({ value: option.name, label: templateText(option.text, lead.name) }))}
            value={template}
            error={error}
            onChange={setTemplate}
            comboboxProps={{ withinPortal: true }}
          />
          {/* The input cuts a long text short: the whole of it, as it will be sent. */}
          {chosen ? (
            <Text component="blockquote" m={0} className={`${classes.bubble} ${classes.out}`} aria-label="Template preview">
              {templateText(chosen.text, lead.name)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button color="green" onClick={() => void submit()} disabled={!template} loading={sending}>
              Send template
            </Button>
          </Group>
        </>
      )}
    </>
  );
}

/**
 * A WhatsApp lead's conversation in the drawer: the buyer's messages and the staff's replies with
 * their status, asked for again every few seconds while open, and the reply box: free text (with
 * quick replies) inside Meta's 24-hour window, an approved template outside it.
 */
export function WhatsAppConversation({ lead }: { lead: Lead }) {
  const utils = trpc.useUtils();
  const conversation = trpc.lead.whatsapp.useQuery({ id: lead.id }, { refetchInterval: WHATSAPP_REFRESH_MS });
  const reply = trpc.lead.whatsappReply.useMutation();

  // A new message from the buyer is a timeline event too.
  const count = conversation.data?.messages.length;
  const seen = useRef(count);
  useEffect(() => {
    if (seen.current !== undefined && count !== undefined && count !== seen.current) void utils.lead.timeline.invalidate({ id: lead.id });
    seen.current = count;
  }, [count, lead.id, utils]);

  /** Sends a reply; answers the server's refusal, or null once sent. */
  const send: Send = async (input) => {
    try {
      const updated = await reply.mutateAsync(input);
      utils.lead.whatsapp.setData({ id: lead.id }, updated);
      seen.current = updated.messages.length;
    } catch (failure) {
      const { message, fieldErrors } = describeApiError(failure);
      return fieldErrors['text'] ?? fieldErrors['template'] ?? message;
    }
    // The first reply stops the first-response clock: the inbox and the timeline change. Not awaited:
    // the box is free again at once, and what is typed meanwhile is not cleared when they come.
    void Promise.all([utils.lead.list.invalidate(), utils.lead.timeline.invalidate({ id: lead.id }), utils.lead.report.invalidate()]);
    return null;
  };

  if (conversation.isPending) return <Loader size="sm" aria-label="Loading the WhatsApp conversation" />;
  if (conversation.error) return <Alert color="red">Could not load the WhatsApp conversation: {describeApiError(conversation.error).message}</Alert>;
  const data = conversation.data;
  return (
    <>
      <Messages messages={data.messages} buyer={lead.name} />
      {!data.configured ? (
        <Text size="sm" c="gray.7">
          WhatsApp is not set up on this site.
        </Text>
      ) : data.windowOpen ? (
        <TextReply lead={lead} conversation={data} send={send} sending={reply.isPending} />
      ) : (
        <TemplateReply lead={lead} conversation={data} send={send} sending={reply.isPending} />
      )}
    </>
  );
}
