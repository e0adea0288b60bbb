// Words for the server's error codes (proto ErrorCode; in the message catalogues as
// error.CODE), shown above the server's own sentence, so every refusal reads as what
// happened and why.

import { has, t } from './i18n.js';

// The headline for an error code; unknown codes are named as sent.
export function errorTitle(code) {
  if (code === 'CLIENT') return '';
  return has(`error.${code}`) ? t(`error.${code}`) : t('error.unknown', { code });
}
