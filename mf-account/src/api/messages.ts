// Conversations between buyers and designers ("Ask the designer"). Reads go through
// row-level security (my_message_threads, thread_messages: only the two parties); posting goes
// through the designer-message function, which posts as the caller (send_designer_message) and
// mails the other side; reading state is mark_thread_read. No address of either side is read here.
import { getSupabase } from '@stitchhouse/shared';
import type { DesignerMessageAnswer, DesignerMessageRequest } from '@stitchhouse/shared/contracts/designer-message.ts';
import { invokeFunction } from '@stitchhouse/shared/functions.ts';

/**
 * Query keys of conversations. Sending, or opening a conversation (read), changes the list's last
 * words and unread counts: both invalidate `messageKeys.all`.
 */
export const messageKeys = {
  all: ['account', 'messages'] as const,
  /** Every member's list of conversations on this page (what a read or a sent message changes). */
  lists: () => [...messageKeys.all, 'threads'] as const,
  /** The member's conversations (the inbox; one conversation's page finds its thread in it). */
  threads: (userId: string) => [...messageKeys.lists(), userId] as const,
  messages: (threadId: string) => [...messageKeys.all, 'thread', threadId] as const,
  /** What "Ask the designer" is about, and the conversation about it there may be already. */
  ask: (userId: string, patternId: string | undefined, storeId: string | undefined) =>
    [...messageKeys.all, 'ask', userId, patternId ?? '', storeId ?? ''] as const,
};

export type Side = 'buyer' | 'store';

export interface Thread {
  id: string;
  /** the caller's side: they asked (buyer), or it is a question to their store */
  mySide: Side;
  storeId: string;
  storeName: string;
  storeSlug: string;
  patternId: string | null;
  patternTitle: string | null;
  /** the store's name for the buyer, the buyer's display name for the store */
  otherParty: string;
  lastMessageAt: string;
  lastMessage: string | null;
  lastFrom: Side | null;
  unread: number;
}

export interface Message {
  id: string;
  side: Side;
  body: string;
  createdAt: string;
}

export async function listThreads(): Promise<Thread[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_message_threads');
  if (error) throw error;
  return (data ?? []).map((t) => ({
    id: t.thread_id,
    mySide: t.my_side,
    storeId: t.store_id,
    storeName: t.store_name,
    storeSlug: t.store_slug,
    patternId: t.pattern_id,
    patternTitle: t.pattern_title,
    otherParty: t.other_party,
    lastMessageAt: t.last_message_at,
    lastMessage: t.last_message,
    lastFrom: t.last_from,
    unread: t.unread,
  }));
}

export async function threadMessages(threadId: string): Promise<Message[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('thread_messages')
    .select('id, sender_side, body, created_at')
    .eq('thread_id', threadId)
    .order('created_at')
    .limit(1000);
  if (error) throw error;
  return data.map((m) => ({ id: m.id, side: m.sender_side, body: m.body, createdAt: m.created_at }));
}

/** The caller has read the thread up to now. */
export async function markThreadRead(threadId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('mark_thread_read', { p_thread_id: threadId });
  if (error) throw error;
}

/** Posts a message (into a thread, or a new question about a pattern or store); throws FunctionCallError. */
export function sendMessage(request: DesignerMessageRequest): Promise<DesignerMessageAnswer> {
  return invokeFunction<DesignerMessageAnswer>('designer-message', { ...request });
}

export interface AskSubject {
  storeId: string;
  storeName: string;
  patternId: string | null;
  patternTitle: string | null;
}

/** What a new question is about: a pattern the caller can see (published, or in their library), or a store. */
export async function askSubject(subject: { patternId?: string; storeId?: string }): Promise<AskSubject | null> {
  const supabase = await getSupabase();
  if (subject.patternId) {
    const { data, error } = await supabase.from('patterns').select('id, title, store_id, stores(name)').eq('id', subject.patternId).maybeSingle();
    if (error) throw error;
    if (!data) return null;
    const store = data.stores as { name: string } | null;
    return { storeId: data.store_id, storeName: store?.name ?? 'the designer', patternId: data.id, patternTitle: data.title };
  }
  if (subject.storeId) {
    const { data, error } = await supabase.from('stores').select('id, name').eq('id', subject.storeId).maybeSingle();
    if (error) throw error;
    return data ? { storeId: data.id, storeName: data.name, patternId: null, patternTitle: null } : null;
  }
  return null;
}
