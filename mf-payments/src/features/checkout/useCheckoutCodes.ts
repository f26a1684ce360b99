import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { useState } from 'react';
import { discountCodeEntrySchema, partnerCodeEntrySchema } from '@stitchhouse/shared/cart/codes.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import type { PaymentProblem } from '../../api/functions.ts';
import { DISCOUNT_CODES, PARTNER_CODES, explainProblem } from './problems.ts';

/**
 * The two codes of one checkout: what the buyer types (a form each), the code sent with the
 * quote, and the partner code as the server's quote accepted it. A refusal of a code lands on
 * its field and the typed text stays, so it can be corrected.
 */
export function useCheckoutCodes() {
  const discountForm = useZodForm(discountCodeEntrySchema, { code: '' });
  const partnerForm = useZodForm(partnerCodeEntrySchema, { code: '' });
  const [code, setCode] = useState<string | null>(null);
  // the typed partner code as sent, and as the server's quote accepted it
  const [partnerCode, setPartnerCode] = useState<string | null>(null);
  const [partnerApplied, setPartnerApplied] = useState<string | null>(null);

  return {
    discountForm,
    partnerForm,
    code,
    partnerCode,
    partnerApplied,
    applyCode: setCode,
    removeCode: () => {
      setCode(null);
      discountForm.setValue('code', '');
    },
    applyPartnerCode: setPartnerCode,
    removePartnerCode: () => {
      setPartnerCode(null);
      setPartnerApplied(null);
      partnerForm.rhf.clearErrors();
      partnerForm.setValue('code', '');
    },
    /** The quote's answer for the partner code: the code it accepted, if any. */
    quoted: (accepted: string | null) => setPartnerApplied(accepted),
    /** Puts a refused code's reason on its field and stops sending it; false when the problem is not a code's. */
    refuse(failure: PaymentProblem): boolean {
      const reason = () => {
        const explained = explainProblem(failure);
        return i18n._('payments.code.refused', { title: explained.title, message: explained.message });
      };
      if (DISCOUNT_CODES.has(failure.code) && code) {
        discountForm.rhf.setError('code', { type: 'server', message: reason() });
        setCode(null);
        return true;
      }
      if (PARTNER_CODES.has(failure.code) && partnerCode) {
        partnerForm.rhf.setError('code', { type: 'server', message: reason() });
        setPartnerCode(null);
        return true;
      }
      return false;
    },
  };
}

export type CheckoutCodes = ReturnType<typeof useCheckoutCodes>;
