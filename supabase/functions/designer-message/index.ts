// POST /designer-message { body, thread_id | pattern_id | store_id } with a member's JWT
// ("Ask the designer"): posts the message as the caller (send_designer_message decides
// under the database's rules who may post where, the side and the limits), then, with the service
// key, claims the mail notice (claim_message_notification: one per thread and side each 15
// minutes, so a burst sends one) and mails the other side. The service key is used only for the
// notice and the recipient's address; the mail holds no address of the sender.
import { designerMessageRequest, designerMessageResponse } from '@stitchhouse/shared/contracts/designer-message.ts';
import { z } from 'zod';
import { FunctionError, handler, type Context, type Db } from '../_shared/handler.ts';
import { siteUrl } from '../_shared/env.ts';
import { sendMail } from '../_shared/mail.ts';
import { messageEmail } from './email.ts';
import { memberLocale } from '../_shared/i18n.ts';

const claimed = z.union([
  z.object({ notify: z.literal(false) }),
  z.object({
    notify: z.literal(true),
    thread_id: z.string(),
    recipient_side: z.enum(['buyer', 'store']),
    recipient_ids: z.array(z.string()),
    sender_name: z.string(),
    store_name: z.string(),
    pattern_title: z.string().nullable(),
    body: z.string(),
  }),
]);

/** The RPC's refusal as the function's: its words and hint, with the contract's code. */
function messageFailure(error: { code?: string; message: string; hint?: string | null; details?: string | null }): FunctionError {
  const words = `${error.message}${error.hint ? `. ${error.hint}` : ''}`;
  switch (error.code) {
    case '42501':
      return new FunctionError('forbidden', words, 403);
    case 'PT404':
      return new FunctionError('not_found', words, 404);
    case 'PT429':
      return new FunctionError('rate_limited', words, 429, { limit: error.details ?? null });
    case '23514':
    case '22023':
      return new FunctionError('invalid_request', words, 400);
    default:
      throw new Error(`designer-message: ${error.code ?? ''} ${error.message}`);
  }
}

/** Mails the other side if the notice is due; false when it is not (quiet interval) or the mail failed. */
async function notify(service: Db, messageId: string): Promise<boolean> {
  const { data, error } = await service.rpc('claim_message_notification', { p_message_id: messageId });
  if (error) throw new Error(`designer-message: claim failed: ${error.message}`);
  const claim = claimed.parse(data);
  if (!claim.notify) return false;
  const message = {
    siteUrl: siteUrl(),
    threadId: claim.thread_id,
    recipientSide: claim.recipient_side,
    senderName: claim.sender_name,
    storeName: claim.store_name,
    patternTitle: claim.pattern_title,
    body: claim.body,
  };
  let emailed = false;
  for (const id of claim.recipient_ids) {
    try {
      const { data: user } = await service.auth.admin.getUserById(id);
      if (!user?.user?.email) continue;
      await sendMail({ to: user.user.email, ...messageEmail(message, await memberLocale(service, id)) });
      emailed = true;
    } catch (err) {
      console.error(`designer-message: mail to ${id} failed`, err);
    }
  }
  return emailed;
}

async function designerMessage(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to message a designer.');
  const input = await ctx.body(designerMessageRequest);
  const { data, error } = await ctx.caller(caller.token).rpc('send_designer_message', {
    p_body: input.body,
    p_thread_id: input.thread_id,
    p_pattern_id: input.pattern_id,
    p_store_id: input.store_id,
  });
  if (error) throw messageFailure(error);
  const sent = designerMessageResponse.omit({ emailed: true }).parse(data);
  // the message stands even if the mail fails: the other side sees it under Messages
  const emailed = await notify(ctx.service(), sent.message_id);
  return ctx.json({ ...sent, emailed });
}

Deno.serve(handler({ name: 'designer-message', methods: ['POST'] }, designerMessage));
