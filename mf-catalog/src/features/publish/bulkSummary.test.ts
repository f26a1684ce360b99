import { describe, expect, it } from 'vitest';
import '../../messages.ts';
import '../../catalogs/owner/messages.ts';
import { bulkSummary } from './bulkSummary.ts';

describe('bulk result summary', () => {
  it('counts successes and names each failure with its reason', () => {
    const s = bulkSummary(
      [
        { id: '1', ok: true, title: 'A' },
        { id: '2', ok: true, title: 'B' },
        { id: '3', ok: false, title: 'Tote', message: 'This pattern needs a cover image before it can be published' },
      ],
      'published',
    );
    expect(s.ok).toBe(2);
    expect(s.text).toBe('2 patterns published. 1 could not be: Tote — This pattern needs a cover image before it can be published');
    expect(bulkSummary([{ id: '1', ok: true }], 'draft').text).toBe('1 pattern moved back to draft.');
  });
});
