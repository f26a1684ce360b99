import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Alert, Button, Checkbox, EmptyState, LinkButton, Notice, PageHeading, Progress, Select, Skeleton, Spinner, TextField } from '../src/ui/index.ts';

const html = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);
const attr = (markup: string, tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];
const ids = (markup: string) => new Set([...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

describe('form primitives', () => {
  it('wires label, hint and error to a text field', () => {
    const out = html(<TextField label="E-mail" type="email" hint="We send receipts here." error="Enter an e-mail address." required />);
    const inputId = attr(out, 'input', 'id')!;
    expect(attr(out, 'label', 'for')).toBe(inputId);
    const described = attr(out, 'input', 'aria-describedby')!.split(' ');
    expect(described).toHaveLength(2);
    for (const id of described) expect(ids(out)).toContain(id);
    expect(out).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(out).toMatch(/<input[^>]*required=""/);
    expect(out).toMatch(/type="email"/);
  });

  it('leaves aria-describedby off when there is nothing to describe', () => {
    const out = html(<TextField label="Name" />);
    expect(out).not.toContain('aria-describedby');
    expect(out).not.toContain('aria-invalid');
  });

  it('renders a select with a placeholder option', () => {
    const out = html(<Select label="Craft" placeholder="Any craft" options={[{ value: 'sewing', label: 'Sewing' }]} />);
    expect(out).toContain('<option value="">Any craft</option>');
    expect(out).toContain('<option value="sewing">Sewing</option>');
    expect(attr(out, 'label', 'for')).toBe(attr(out, 'select', 'id'));
  });

  it('labels a checkbox and keeps its hint out of the label', () => {
    const out = html(<Checkbox label="Send me the newsletter" hint="About once a month." />);
    expect(attr(out, 'label', 'for')).toBe(attr(out, 'input', 'id'));
    expect(out).toMatch(/<label[^>]*>Send me the newsletter<\/label>/);
    expect(ids(out)).toContain(attr(out, 'input', 'aria-describedby'));
  });
});

describe('feedback primitives', () => {
  it('gives errors role=alert and other notices role=status', () => {
    expect(html(<Alert tone="danger" title="Payment failed" />)).toContain('role="alert"');
    expect(html(<Notice title="Saved" />)).toContain('role="status"');
  });

  it('disables a busy button and announces the wait', () => {
    const out = html(
      <Button busy busyLabel="Saving…">
        Save
      </Button>,
    );
    expect(out).toMatch(/<button[^>]*disabled=""/);
    expect(out).toContain('aria-busy="true"');
    expect(out).toContain('Saving…');
    expect(out).toMatch(/<button[^>]*type="button"/);
  });

  it('renders a link button as a link', () => {
    expect(html(<LinkButton to="/pricing">Pricing</LinkButton>)).toMatch(/^<a [^>]*href="\/pricing"/);
  });

  it('shows progress with a readable value and hides skeletons from assistive tech', () => {
    const out = html(<Progress label="Uploading A0 file" value={3} max={4} />);
    expect(out).toMatch(/<progress[^>]*value="75"/);
    expect(out).toContain('aria-valuetext="75 %"');
    expect(html(<Progress label="Preparing" value={0} max={0} />)).not.toMatch(/<progress[^>]*value=/);
    expect(html(<Skeleton />)).toContain('aria-hidden="true"');
    expect(html(<Spinner label="Loading patterns…" />)).toContain('Loading patterns…');
  });

  it('renders an empty state with the requested heading level', () => {
    expect(html(<EmptyState title="No purchases yet" headingLevel={3} />)).toContain('<h3');
  });
});

describe('PageHeading', () => {
  it('is a focusable h1 with eyebrow and lead', () => {
    const out = html(
      <PageHeading title="Pricing" eyebrow="Pricing" lead="Two plans.">
        Keep more
      </PageHeading>,
    );
    expect(out).toMatch(/<h1[^>]*tabindex="-1"[^>]*>Keep more<\/h1>/);
    expect(out).toContain('Two plans.');
  });
});
