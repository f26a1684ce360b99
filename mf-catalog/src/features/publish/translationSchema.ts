// A translated title and description, as the designer types them: the same limits the table's
// checks hold (1–200 characters of title, at most 20,000 of description), in the page's language.
import * as z from '@stitchhouse/shared/zod.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

export const translationSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: () => i18n._('catalog.publish.translations.titleRequired') })
    .max(200, { error: () => i18n._('catalog.publish.translations.titleLength') }),
  description: z.string().max(20000, { error: () => i18n._('catalog.publish.translations.descriptionLength') }),
});
