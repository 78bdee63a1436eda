/**
 * Site settings the server writes into index.html as meta tags (the contact
 * e-mail and donation link come from its environment), so the app needs no
 * extra request and no inline script.
 */
function meta(name: string, fallback: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || fallback;
}

export const siteMeta = {
  contactEmail: meta('pv:contact-email', 'owner@example.com'),
  donationUrl: meta('pv:donation-url', 'https://example.com/donate'),
};
