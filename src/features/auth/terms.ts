import { PRODUCT_NAME, TERMS_LAST_UPDATED } from '../../../contract/constants';

/**
 * The terms and privacy text (docs/product.md#screens-and-routes), shown on /terms and in the sign-up modal. Its
 * own module so that the login screen loads it only when the terms are opened.
 */
export interface TermsSection {
  heading: string;
  intro?: string;
  items?: string[];
  content?: string;
  additional?: string;
}

export interface TermsText {
  title: string;
  lastUpdated: string;
  sections: TermsSection[];
  footer: string;
}

export function termsText(supportEmail: string): TermsText {
  return {
    title: 'Terms and Conditions and Privacy Policy',
    lastUpdated: TERMS_LAST_UPDATED,
    sections: [
      {
        heading: '1. About these terms',
        content: `${PRODUCT_NAME} is an online marketplace that helps students and parents in West Bengal find teachers and tutors, helps teachers find students, and helps job seekers find opportunities in education. By creating an account you agree to these terms and to the way we handle your personal data as described below. We process personal data in line with the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000 of India.`,
      },
      {
        heading: '2. The data we collect',
        intro: 'We collect only what we need to run the marketplace:',
        items: [
          'Account details: your email address, a password (stored only as a secure hash, never in readable form) and whether you are a teacher or a student.',
          'Profile details you enter: name, mobile and WhatsApp numbers, gender, date of birth, address and, if you allow it, your location (latitude and longitude).',
          'Education and teaching details: qualifications, schools, colleges and universities, subjects, teaching preferences, mediums of teaching and weekly availability.',
          'Documents you upload: profile photo, a masked Aadhar card photo (only the last 4 digits visible), mark sheets, certificates and resumes.',
          'Student requests: the subjects you need help with and your preferences for mode, group, medium and time.',
          'Technical records: sign-in times and actions on your account, kept to protect your account and investigate misuse.',
        ],
      },
      {
        heading: '3. Why we use it',
        intro: 'Your data is used only for these purposes:',
        items: [
          'To create and secure your account and let you sign in.',
          'To match students with suitable teachers by subject, distance, mode and medium, and to show a teacher the requests sent to them.',
          "To let our administrators verify teachers' identity and qualifications before they are marked as verified.",
          'To contact you about your account, your requests and important changes to the service.',
          'To meet our obligations under Indian law.',
        ],
      },
      {
        heading: '4. Who can see your data',
        intro: 'We do not sell your personal data, and we do not share it with advertisers.',
        items: [
          "Students see a teacher's public profile: name, photo, subjects, qualifications, teaching preferences and approximate area.",
          "A teacher sees the name and area of a student who sends them a request; the student's mobile number is shown only after the teacher accepts the request.",
          'Aadhar photos, mark sheets, certificates and resumes are private: only you and our administrators can open them.',
          'Service providers who host our servers process data only on our instructions and under confidentiality obligations.',
          'We disclose data to authorities only when Indian law requires it.',
        ],
      },
      {
        heading: '5. Your consent',
        content:
          'By ticking "I agree to the terms and conditions" when you sign up, you consent to the collection and use of your data for the purposes above. Where a parent or guardian signs up for a child under 18, the parent or guardian gives this consent on the child\'s behalf and is responsible for the account.',
        additional:
          'You may withdraw your consent at any time. Withdrawing consent does not affect what was done lawfully before, but we may no longer be able to provide the service to you.',
      },
      {
        heading: '6. How we protect your data',
        items: [
          'All traffic between your device and our servers is encrypted.',
          'Passwords are stored as salted hashes; sign-in sessions expire and can be revoked by logging out.',
          'Repeated failed sign-in attempts are limited to protect your account.',
          'Uploaded files are checked by their content and size, and private documents are served only to their owner and administrators.',
        ],
        additional:
          'No system is perfectly secure. If a breach affects your personal data we will inform you and the Data Protection Board of India as the law requires.',
      },
      {
        heading: '7. Your rights and how to opt out',
        intro: 'You can at any time:',
        items: [
          'See and correct the personal data in your profile.',
          'Ask us for a summary of the personal data we hold about you.',
          'Opt out of non-essential messages from us.',
          'Ask us to delete your account and personal data; we delete it within 30 days, except records the law requires us to keep.',
          'Nominate another person to exercise these rights for you in case of death or incapacity.',
        ],
        additional: `To exercise any of these rights, or to raise a grievance, write to ${supportEmail}. We reply within 7 working days.`,
      },
      {
        heading: '8. Keeping data',
        content:
          'We keep your data while your account is active. Drafts of forms you have not yet submitted are kept only on your own device. Once you delete your account we remove your profile and documents, keeping only what the law requires.',
      },
      {
        heading: '9. Using the marketplace fairly',
        items: [
          'Give true and current information about yourself and your qualifications.',
          "Do not upload another person's documents or photos.",
          'Treat students, parents and teachers with respect; we may suspend accounts that are used to harass, defraud or mislead.',
          `${PRODUCT_NAME} introduces students and teachers; fees, timings and the conduct of lessons are agreed between them.`,
        ],
      },
      {
        heading: '10. Changes to these terms',
        content:
          'We may update these terms as the service or the law changes. The date at the top shows when they last changed. For important changes we will tell you by email or on the site before they take effect; continuing to use the service after that means you accept the updated terms.',
      },
    ],
    footer: `Questions about these terms or your data? Contact us at ${supportEmail}.`,
  };
}
