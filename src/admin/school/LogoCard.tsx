// The logo parents see (issue 55): the one saved, and a new one chosen from a file; the server
// checks its type by its content and its size, and parents' pages show it from their next visit.
import { useState } from 'react';
import { useUploadLogoMutation } from '../api.ts';
import { FormError } from '../staff/receipts/FormFields.tsx';
import { SettingsCard, useCardSave } from './SettingsCard.tsx';
import { LOGO_MAX_BYTES, SCHOOL_SETTINGS_MESSAGES as M } from '../../domain/school-settings.ts';

export function LogoCard({ saved }: { saved: string }) {
  const [upload, { isLoading }] = useUploadLogoMutation();
  const [file, setFile] = useState<File | null>(null);
  const { error, setError, errorId, attempt } = useCardSave();
  async function send() {
    // Refused here as the server would: no upload of a file it would not keep.
    if (!file) return setError(M.logoMissing);
    if (file.size > LOGO_MAX_BYTES) return setError(M.logoTooLarge);
    if (await attempt(async () => (await upload(file).unwrap()).message)) setFile(null);
  }
  return (
    <SettingsCard id="logo" title="Logo">
      <div className="card-body row g-2 align-items-end">
        <div className="col-auto">
          <img
            src={saved || '/logo.svg'}
            alt={saved ? 'Logo de la escuela' : 'Logo de la plataforma (la escuela no ha subido uno)'}
            width={72}
            height={72}
            style={{ objectFit: 'contain' }}
          />
        </div>
        <div className="col-12 col-md">
          <label htmlFor="school-logo" className="form-label small mb-1">
            Nuevo logo (PNG, JPEG o WebP, hasta {LOGO_MAX_BYTES / 1024} KB)
          </label>
          <input
            id="school-logo"
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="form-control admin-tap"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="col-12 col-md-auto">
          <button
            type="button"
            className="btn btn-primary admin-tap w-100"
            disabled={isLoading}
            onClick={() => void send()}
          >
            Subir logo
          </button>
        </div>
        <FormError id={errorId} message={error} />
      </div>
    </SettingsCard>
  );
}
