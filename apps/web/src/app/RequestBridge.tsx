import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureRequest } from '../lib/request.ts';
import { notifyError } from './notify.ts';
import { useAppState } from './state.ts';

/** Gives the request layer its side effects: login mask on 401, 403 page, notifications. */
export function RequestBridge() {
  const navigate = useNavigate();
  const setLoginMask = useAppState((s) => s.setLoginMask);
  useEffect(() => {
    configureRequest({
      onUnauthorized: () => setLoginMask(true),
      onForbidden: () => navigate('/exception/403'),
      notify: notifyError,
    });
  }, [navigate, setLoginMask]);
  return null;
}
