import english from '../../contract/locales/en/notifications.json';
import { addEnglish } from '../i18n';

/**
 * The 'notifications' namespace's English messages, bundled with the bell rather than with every
 * route's (src/i18n/instance.ts): every module showing a 'notifications:' text imports this file.
 */
addEnglish('notifications', english);
