// Google and Facebook buttons of the login and registration pages. A provider the server has not
// configured has no button (DESIGN.md §2.15).
import { appConfig } from '../api/config.ts';
import type { SocialProvider } from '../domain/social.ts';
import { LoadingButton } from '../lib/FormControls.tsx';

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

interface SocialButtonsProps {
  /** 'Iniciar sesión' or 'Registrarse': the button reads "<verb> con Google". */
  verb: string;
  /** The provider whose popup is open, if any. */
  loading: SocialProvider | null;
  /** True while another sign-in of the page runs. */
  disabled: boolean;
  onClick: (provider: SocialProvider) => void;
}

export function SocialButtons({ verb, loading, disabled, onClick }: SocialButtonsProps) {
  const providers = (['google', 'facebook'] as const).filter((p) => appConfig.socialProviders[p]);
  if (providers.length === 0) return null;
  return (
    <div className="social-auth-links d-grid gap-2 my-3">
      <p className="text-center text-body-secondary mb-0">- O -</p>
      {providers.map((provider) => (
        <LoadingButton
          key={provider}
          className={provider === 'google' ? 'btn-outline-danger' : 'btn-outline-primary'}
          loading={loading === provider}
          disabled={disabled || (loading !== null && loading !== provider)}
          onClick={() => onClick(provider)}
        >
          {`${verb} con ${PROVIDER_NAMES[provider]}`}
        </LoadingButton>
      ))}
    </div>
  );
}
