import { href, useSession } from '@stitchhouse/shared';
import { useLingui } from '@lingui/react';
import { LinkButton } from '@stitchhouse/shared/ui/index.ts';

/** Where "Ask the designer" leads: the question screen of the account's messages, about this pattern. */
export function askDesignerHref(patternId: string): string {
  return href('/account/messages', { pattern: patternId });
}

/**
 * "Ask the designer": opens a conversation with the pattern's store about it, or the one
 * there is. The screen needs an account, so a visitor goes through sign-in and lands on it. Not shown
 * to the store itself.
 */
export function AskDesignerLink({ patternId, title, ownerId, block = false }: { patternId: string; title: string; ownerId?: string; block?: boolean }) {
  const { i18n } = useLingui();
  const { session } = useSession();
  if (ownerId && session?.user.id === ownerId) return null;
  return (
    <LinkButton
      to={askDesignerHref(patternId)}
      variant="secondary"
      block={block}
      aria-label={i18n._('catalog.common.askDesignerAbout', { title })}
      data-testid="ask-designer"
    >
      {i18n._('catalog.common.askDesigner')}
    </LinkButton>
  );
}
