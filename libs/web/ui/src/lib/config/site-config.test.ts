import { telHref, whatsappHref } from './site-config';

describe('contact links', () => {
  it('dials the digits of the phone', () => {
    expect(telHref('+254 711 222 333')).toBe('tel:+254711222333');
  });

  it('opens WhatsApp on the international number with the message encoded', () => {
    expect(whatsappHref('+254 711 222 333', "I'm interested in the Prado (KES 7,600,000)")).toBe(
      "https://wa.me/254711222333?text=I'm%20interested%20in%20the%20Prado%20(KES%207%2C600%2C000)",
    );
    // A local Kenyan number is dialled from WhatsApp with the country code.
    expect(whatsappHref('0711 222 333', 'Hi')).toBe('https://wa.me/254711222333?text=Hi');
  });
});
