import { addEnglish } from '../i18n';
import english from '../i18n/locales/en/notifications.json';

/**
 * The 'notifications' namespace's English messages, bundled with the bell rather than with every
 * route's (src/i18n/instance.ts): every module showing a 'notifications:' text imports this file.
 */
addEnglish('notifications', english);
