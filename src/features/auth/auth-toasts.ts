// The toasts of the auth calls that are not the session's (docs/product.md sections 7-9): at the top, 3000 ms.
import type { IntlShape } from 'react-intl';
import { errorBody } from '#api/errors';
import { showToast } from '#lib/toast';
import { authErrorMessage } from './error-message';

/** A failed password-reset request or confirmation: one error toast with the section 8 message. */
export function showAuthError(intl: IntlShape, error: unknown): void {
  showToast({
    kind: 'error',
    position: 'top',
    message: authErrorMessage(errorBody(error), intl.formatMessage({ id: 'auth.error.tryAgainLater' })),
  });
}

/** The `detail` of a successful reset request or confirmation, as the server sent it. */
export function showAuthSuccess(detail: string): void {
  showToast({ kind: 'success', position: 'top', message: detail });
}
