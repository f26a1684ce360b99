// Licences in plain words: buyers are unsure what they may sell.
export const LICENCE_TEXT: Record<'personal' | 'small_business', { name: string; text: string }> = {
  personal: {
    name: 'Personal use',
    text: 'Make as many items as you like for yourself and as gifts. Selling the items you make, or sharing the pattern files, is not allowed.',
  },
  small_business: {
    name: 'Small business',
    text: 'You may sell handmade items you sew from this pattern, in small quantities made by you. Credit the designer when you do; the pattern files themselves may not be shared or resold.',
  },
};
