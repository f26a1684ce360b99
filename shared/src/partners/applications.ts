// Partner applications: one form for both programmes (resellers, suppliers). The
// database keeps the formats (partner_applications checks); this adds what the form requires.
import '../zodNoEval.ts';
import { z } from 'zod';

export const PARTNER_PROGRAMMES = ['reseller', 'supplier'] as const;
export type PartnerProgramme = (typeof PARTNER_PROGRAMMES)[number];

export const partnerApplicationSchema = z.object({
  company: z
    .string()
    .trim()
    .min(2, { error: 'Enter your company or trading name (at least 2 characters).' })
    .max(120, { error: 'The company name is at most 120 characters.' }),
  website: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s.]+\.[^\s]+$/i, { error: 'Enter your website address, starting with https://' })
    .max(300, { error: 'The website address is at most 300 characters.' }),
  audience: z
    .string()
    .trim()
    .min(10, { error: 'Describe your audience in at least 10 characters: who they are and roughly how many.' })
    .max(1000, { error: 'Describe your audience in at most 1000 characters.' }),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Choose the country you work from.' }),
  message: z.string().trim().max(4000, { error: 'The message is at most 4000 characters.' }),
});
export type PartnerApplicationInput = z.infer<typeof partnerApplicationSchema>;
