import { addEnglish } from '../../i18n';
import english from '../../i18n/locales/en/student.json';

/**
 * The 'student' namespace's English messages, bundled with the code that shows them rather than with every
 * route's (src/i18n/instance.ts): every module showing a 'student:' text imports this file.
 */
addEnglish('student', english);
