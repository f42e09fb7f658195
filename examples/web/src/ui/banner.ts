import { byId } from './dom.js';

/** A page-level message (settings that cannot be used, a comparison that could not start). */
export function showBanner(message: string, tone: 'error' | 'info' = 'error'): void {
  const banner = byId('banner');
  banner.textContent = message;
  banner.dataset.tone = tone;
  banner.hidden = false;
}

export function hideBanner(): void {
  byId('banner').hidden = true;
}
