import { formatKes } from '@dealership/shared-util';

/** What a shared car says of itself: its name and KES price, then its address. */
export function shareText(car: { name: string; price: number }, url: string): string {
  return `${car.name} (${formatKes(car.price)}) ${url}`;
}

/** WhatsApp's share link: the buyer picks the chat, the message is the car's name, price and address. */
export function whatsappShareHref(car: { name: string; price: number }, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(car, url))}`;
}

/** Facebook's share dialog for the car's address (its Open Graph tags give the picture and title). */
export function facebookShareHref(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}
