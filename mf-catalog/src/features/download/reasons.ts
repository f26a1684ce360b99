// Why a download failed, in words, and what the person can do about it
// (/download/error?reason=<code> and the download page share this).
import { href } from '@stitchhouse/shared';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { DOWNLOAD_REASONS, isDownloadReason, type DownloadReason } from '../../api/download.ts';

export { DOWNLOAD_REASONS, isDownloadReason, type DownloadReason };

export interface ReasonCopy {
  title: string;
  explanation: string;
  /** The next step: a label and where it goes. */
  action: { label: string; href: string };
}

/** The words in the page's language (read when called: the language can change while the page is open). */
export function reasonCopy(reason: DownloadReason, patternId: string | null, waitMinutes?: number): ReasonCopy {
  const pattern = patternId ? href('/patterns/:productId', { productId: patternId }) : href('/patterns');
  const downloadPage = patternId ? href('/patterns/:productId/download', { productId: patternId }) : href('/patterns/my-patterns');
  switch (reason) {
    case 'not_owned':
      return {
        title: i18n._('catalog.download.reason.notOwned.title'),
        explanation: i18n._('catalog.download.reason.notOwned.explanation'),
        action: { label: patternId ? i18n._('catalog.download.reason.notOwned.buy') : i18n._('catalog.download.reason.browse'), href: pattern },
      };
    case 'not_signed_in':
      return {
        title: i18n._('catalog.download.reason.notSignedIn.title'),
        explanation: i18n._('catalog.download.reason.notSignedIn.explanation'),
        action: { label: i18n._('catalog.download.reason.notSignedIn.action'), href: href('/sign-in', { next: downloadPage }) },
      };
    case 'aal2_required':
      return {
        title: i18n._('catalog.download.reason.aal2.title'),
        explanation: i18n._('catalog.download.reason.aal2.explanation'),
        action: { label: i18n._('catalog.download.reason.aal2.action'), href: href('/sign-in', { next: downloadPage }) },
      };
    case 'file_missing':
      return {
        title: i18n._('catalog.download.reason.fileMissing.title'),
        explanation: i18n._('catalog.download.reason.fileMissing.explanation'),
        action: { label: i18n._('catalog.download.reason.fileMissing.action'), href: downloadPage },
      };
    case 'file_damaged':
      return {
        title: i18n._('catalog.download.reason.fileDamaged.title'),
        explanation: i18n._('catalog.download.reason.fileDamaged.explanation'),
        action: { label: i18n._('catalog.download.reason.fileDamaged.action'), href: pattern },
      };
    case 'link_expired':
      return {
        title: i18n._('catalog.download.reason.linkExpired.title'),
        explanation: i18n._('catalog.download.reason.linkExpired.explanation'),
        action: { label: i18n._('catalog.download.reason.openLibrary'), href: href('/patterns/my-patterns') },
      };
    case 'rate_limited':
      return {
        title: i18n._('catalog.download.reason.rateLimited.title'),
        explanation:
          waitMinutes && waitMinutes > 0
            ? i18n._('catalog.download.reason.rateLimited.explanationMinutes', { minutes: waitMinutes })
            : i18n._('catalog.download.reason.rateLimited.explanationHour'),
        action: { label: i18n._('catalog.download.reason.openLibrary'), href: href('/patterns/my-patterns') },
      };
    case 'network':
      return {
        title: i18n._('catalog.download.reason.network.title'),
        explanation: i18n._('catalog.download.reason.network.explanation'),
        action: { label: i18n._('catalog.download.reason.network.action'), href: downloadPage },
      };
    case 'bad_request':
    case 'server_error':
      return {
        title: i18n._('catalog.download.reason.server.title'),
        explanation: i18n._('catalog.download.reason.server.explanation'),
        action: { label: i18n._('catalog.download.reason.server.action'), href: downloadPage },
      };
  }
}
