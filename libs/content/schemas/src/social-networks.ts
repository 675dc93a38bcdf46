// Its own module: the footer (in every page's first JavaScript) needs these and none of the other constants.

/** The social networks the footer links to. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

