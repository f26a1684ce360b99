// Licences in plain words: buyers are unsure what they may sell. Message ids: `i18n._(LICENCE_TEXT[l].name)`.
export const LICENCE_TEXT: Record<'personal' | 'small_business', { name: string; text: string }> = {
  personal: {
    name: /*i18n*/ 'catalog.detail.licence.personal.name',
    text: /*i18n*/ 'catalog.detail.licence.personal.text',
  },
  small_business: {
    name: /*i18n*/ 'catalog.detail.licence.smallBusiness.name',
    text: /*i18n*/ 'catalog.detail.licence.smallBusiness.text',
  },
};
