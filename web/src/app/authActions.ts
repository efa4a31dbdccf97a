// What a valid sign-in or sign-up form does: the call (the session store applies the user it
// answers) and the toast. Shared by the React pages and the prerendered pages' script
// (src/authEntry.ts), which loads it only when the form is sent.
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import type { LoginBody, RegisterBody } from '#protocol/schemas/auth.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { toast } from '../stores/useToastStore.ts';

export { serverMessage } from '../api/client.ts';

export async function signIn(body: LoginBody): Promise<void> {
  await useSessionStore.getState().login(body);
  toast({ title: ACCOUNT_MSG.loggedIn });
}

/** The sign-up form's values (its confirmation is not sent). */
export async function signUp({ firstName, lastName, email, password }: RegisterBody): Promise<void> {
  await useSessionStore.getState().register({ firstName, lastName, email, password });
  toast({ title: ACCOUNT_MSG.accountCreated });
}
