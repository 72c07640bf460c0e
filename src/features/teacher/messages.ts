import { addEnglish } from '../../i18n';
import english from '../../i18n/locales/en/teacher.json';

/**
 * The 'teacher' namespace's English messages, bundled with the code that shows them rather than with every
 * route's (src/i18n/instance.ts): every module showing a 'teacher:' text imports this file.
 */
addEnglish('teacher', english);
