// Why a download failed, in words, and what the person can do about it
// (/download/error?reason=<code> and the download page share this).
import { href } from '@stitchhouse/shared';
import { DOWNLOAD_REASONS, isDownloadReason, type DownloadReason } from '../../api/downloads.ts';

export { DOWNLOAD_REASONS, isDownloadReason, type DownloadReason };

export interface ReasonCopy {
  title: string;
  explanation: string;
  /** The next step: a label and where it goes. */
  action: { label: string; href: string };
}

export function reasonCopy(reason: DownloadReason, patternId: string | null, waitMinutes?: number): ReasonCopy {
  const pattern = patternId ? href('/patterns/:productId', { productId: patternId }) : href('/patterns');
  const downloadPage = patternId ? href('/patterns/:productId/download', { productId: patternId }) : href('/patterns/my-patterns');
  switch (reason) {
    case 'not_owned':
      return {
        title: 'This pattern is not in your library',
        explanation: 'Downloads are for the account that bought or claimed the pattern. If you bought it with another account, sign in with that one.',
        action: { label: patternId ? 'See the pattern and buy it' : 'Browse patterns', href: pattern },
      };
    case 'not_signed_in':
      return {
        title: 'Sign in to download',
        explanation: 'Your patterns are tied to your account. Sign in and the download starts from your library.',
        action: { label: 'Sign in', href: href('/sign-in', { next: downloadPage }) },
      };
    case 'aal2_required':
      return {
        title: 'Enter your authenticator code',
        explanation: 'This account is protected by an authenticator app. Enter the code it shows, then the download starts.',
        action: { label: 'Enter the code', href: href('/sign-in', { next: downloadPage }) },
      };
    case 'file_missing':
      return {
        title: 'This file is not available',
        explanation: 'The designer has not uploaded this format yet, or it is being replaced. Try another format, or contact the designer through their store.',
        action: { label: 'See the available formats', href: downloadPage },
      };
    case 'file_damaged':
      return {
        title: 'This file could not be prepared',
        explanation:
          'The stored pattern file is damaged or password-protected, so we could not add your licence line. Contact the designer so they can upload it again.',
        action: { label: 'Back to the pattern', href: pattern },
      };
    case 'link_expired':
      return {
        title: 'This download link has expired',
        explanation: 'Links in emails work for 30 days. Your purchase has not expired: download it from your library any time.',
        action: { label: 'Open your library', href: href('/patterns/my-patterns') },
      };
    case 'rate_limited': {
      const wait = waitMinutes && waitMinutes > 0 ? `in about ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}` : 'within the hour';
      return {
        title: 'Download limit reached',
        explanation: `You can download each pattern 10 times an hour. Try again ${wait}; your purchase stays in your library.`,
        action: { label: 'Open your library', href: href('/patterns/my-patterns') },
      };
    }
    case 'network':
      return {
        title: 'We could not reach Stitchhouse',
        explanation: 'Check your internet connection and try again.',
        action: { label: 'Try again', href: downloadPage },
      };
    case 'bad_request':
    case 'server_error':
      return {
        title: 'The download did not start',
        explanation: 'Something went wrong on our side. Please try again in a moment from the download page.',
        action: { label: 'Go to the download page', href: downloadPage },
      };
  }
}
