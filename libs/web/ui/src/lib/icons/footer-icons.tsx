// The footer's icons (contacts, opening hours, social networks), in a module of their own: a module
// lives in one chunk, so beside the header's icons they rode in every page's first script although
// only the deferred footer draws them (about 0.8 KB of gzip; issue 44's budget).
import { type IconProps, Svg } from './icons';

export function MapPinIcon(props: IconProps) {
  return (
    <Svg fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d="M12 21s-6-5.3-6-11a6 6 0 0 1 12 0c0 5.7-6 11-6 11z" />
      <circle cx="12" cy="10" r="2.2" />
    </Svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Svg fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Svg>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Svg fill="currentColor" {...props}>
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4A21 21 0 0 0 14.3 4C12 4 10.5 5.4 10.5 8v2.5H8v3h2.5V21z" />
    </Svg>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Svg fill="none" stroke="currentColor" strokeWidth={1.8} {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="1" fill="currentColor" stroke="none" />
    </Svg>
  );
}

export function XIcon(props: IconProps) {
  return (
    <Svg fill="currentColor" {...props}>
      <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </Svg>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <Svg fill="currentColor" {...props}>
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8A26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z" />
    </Svg>
  );
}

export function TikTokIcon(props: IconProps) {
  return (
    <Svg fill="currentColor" {...props}>
      <path d="M16.6 3c.3 2.3 1.7 3.8 4 4v3a7 7 0 0 1-4-1.3V15a6 6 0 1 1-6-6h.5v3.1a3 3 0 1 0 2.4 2.9V3z" />
    </Svg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Svg fill="none" stroke="currentColor" strokeWidth={1.8} {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6 8.5-6" />
    </Svg>
  );
}
