// Partner applications: one form for both programmes (resellers, suppliers). The
// database keeps the formats (partner_applications checks); this adds what the form requires.
import '../zodNoEval.ts';
import { z } from 'zod';
import { say } from '../zodMessage.ts';

export const PARTNER_PROGRAMMES = ['reseller', 'supplier'] as const;
export type PartnerProgramme = (typeof PARTNER_PROGRAMMES)[number];

export const partnerApplicationSchema = z.object({
  company: z.string().trim().min(2, say(/*i18n*/ 'shared.partners.companyShort')).max(120, say(/*i18n*/ 'shared.partners.companyLong')),
  website: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s.]+\.[^\s]+$/i, say(/*i18n*/ 'shared.partners.website'))
    .max(300, say(/*i18n*/ 'shared.partners.websiteLong')),
  audience: z.string().trim().min(10, say(/*i18n*/ 'shared.partners.audienceShort')).max(1000, say(/*i18n*/ 'shared.partners.audienceLong')),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, say(/*i18n*/ 'shared.partners.country')),
  message: z.string().trim().max(4000, say(/*i18n*/ 'shared.partners.messageLong')),
});
export type PartnerApplicationInput = z.infer<typeof partnerApplicationSchema>;
