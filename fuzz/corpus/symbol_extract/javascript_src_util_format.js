export function formatPrice(amount, currency = 'EUR') {
  return `${amount.toFixed(2)} ${currency}`;
}

export const shout = (text) => text.toUpperCase();
