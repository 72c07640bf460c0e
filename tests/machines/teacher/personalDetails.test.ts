import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TEACHER_PERSONAL_MESSAGES as M } from '../../../contract/rules/teacher-personal';
import {
  type PersonalDetailsInput,
  personalDetailsMachine,
  type SaveTeacherInput,
  type StoredTeacher,
} from '../../../machines/teacher/personalDetails';
import { unprocessable } from './paths';

const photo = (name: string, size = 2048, type = 'image/png') => ({ name, size, type, blob: null });
const draft = {
  name: 'Anita Sen',
  mobile_number: '9876543210',
  gender: 'female',
  date_of_birth: '1990-08-15',
  address: '12 Park Street, Kolkata 700016',
};
const input: PersonalDetailsInput = {
  userId: 3,
  hasToken: true,
  email: 'anita@example.com',
  teacherId: null,
  draft,
};

describe('teacherPersonalDetails model', () => {
  it('refuses a wrong file and keeps the previous one', async () => {
    const actor = createActor(personalDetailsMachine, { input }).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('me.png') });
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('huge.png', 512001) });
    expect(actor.getSnapshot().context.errors.profile_photo).toBe('File size must be less than 500KB');
    expect(actor.getSnapshot().context.files.profile_photo?.name).toBe('me.png');
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('doc.pdf', 10, 'application/pdf') });
    expect(actor.getSnapshot().context.errors.profile_photo).toBe(M.imageType);
    actor.send({ type: 'file.remove', field: 'profile_photo' });
    expect(actor.getSnapshot().context.files.profile_photo).toBeNull();
    expect(actor.getSnapshot().context.errors.profile_photo).toBeUndefined();
  });

  it('a refused pick keeps its message through Next; a file of no known type is refused as the wrong type', async () => {
    const actor = createActor(personalDetailsMachine, { input }).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('huge.png', 512001) });
    actor.send({
      type: 'file.pick',
      field: 'aadhar_photo',
      file: photo('fake.png', 20, 'application/octet-stream'),
    });
    actor.send({ type: 'form.submit' });
    const { errors } = actor.getSnapshot().context;
    expect(errors.profile_photo).toBe('File size must be less than 500KB');
    expect(errors.aadhar_photo).toBe(M.imageType);
    // Removing the refused file asks for one again.
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('me.png') });
    actor.send({ type: 'file.remove', field: 'profile_photo' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.profile_photo).toBe(M.profilePhotoRequired);
  });

  it('validates, scrolls to the first wrong field and maps a 422 onto fields', async () => {
    const scrolled: Array<string | null> = [];
    const actor = createActor(
      personalDetailsMachine.provide({
        actors: {
          getLocation: fromPromise(async () => ({ latitude: 1, longitude: 2 })),
          saveTeacher: fromPromise<StoredTeacher, SaveTeacherInput>(async () => {
            throw unprocessable({ address: [M.addressTooShort] });
          }),
        },
        actions: { scrollToField: (_, { field }) => scrolled.push(field) },
      }),
      { input: { ...input, draft: null, email: null } },
    ).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    actor.send({ type: 'form.submit' });
    const errors = actor.getSnapshot().context.errors;
    expect(errors).toMatchObject({
      name: M.nameRequired,
      email: M.emailRequired,
      mobile_number: M.mobileInvalid,
      gender: M.genderRequired,
      date_of_birth: M.dobRequired,
      address: M.addressTooShort,
      aadhar_photo: M.aadharRequired,
      profile_photo: M.profilePhotoRequired,
    });
    expect(scrolled).toEqual(['name']);
    for (const [field, value] of Object.entries({ ...draft, email: 'a@b.co' }))
      actor.send({ type: 'field.change', field: field as 'name', value });
    actor.send({ type: 'file.pick', field: 'aadhar_photo', file: photo('a.jpg', 10, 'image/jpeg') });
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('p.png') });
    actor.send({ type: 'form.submit' });
    await new Promise((r) => setTimeout(r, 0));
    const s = actor.getSnapshot();
    expect(s.matches({ active: { form: 'failure' } })).toBe(true);
    expect(s.context.errors).toEqual({ address: M.addressTooShort });
    expect(s.context.failure).toBe(M.addressTooShort);
    expect(s.context.values.name).toBe('Anita Sen');
    expect(scrolled.at(-1)).toBe('address');
  });

  it('without a session: the notice, then /', async () => {
    let home = 0;
    const actor = createActor(
      personalDetailsMachine.provide({ actions: { goHome: () => home++ }, delays: { noticeDelay: 0 } }),
      {
        input: { ...input, hasToken: false },
      },
    ).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    expect(actor.getSnapshot().context.notice).toBe(M.notLoggedIn);
    await new Promise((r) => setTimeout(r, 5));
    expect(home).toBe(1);
  });

  it('a user id gone at submit time: the documented message, then /', async () => {
    const actor = createActor(
      personalDetailsMachine.provide({ actors: { getLocation: fromPromise(() => new Promise(() => {})) } }),
      { input },
    ).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    actor.send({ type: 'form.submit', userId: null });
    expect(actor.getSnapshot().context.notice).toBe(M.userIdMissing);
  });

  it("unticking 'Same as mobile number' clears WhatsApp; ticking copies the mobile number", async () => {
    const actor = createActor(
      personalDetailsMachine.provide({ actors: { getLocation: fromPromise(() => new Promise(() => {})) } }),
      { input },
    ).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    expect(actor.getSnapshot().context.values.whatsapp_number).toBe('9876543210');
    actor.send({ type: 'whatsapp.sameAsMobile', checked: false });
    expect(actor.getSnapshot().context.values.whatsapp_number).toBe('');
    actor.send({ type: 'field.change', field: 'whatsapp_number', value: '91234-56789x' });
    expect(actor.getSnapshot().context.values.whatsapp_number).toBe('9123456789');
    actor.send({ type: 'whatsapp.sameAsMobile', checked: true });
    actor.send({ type: 'field.change', field: 'mobile_number', value: '9000000001' });
    expect(actor.getSnapshot().context.values.whatsapp_number).toBe('9000000001');
  });
});
