// The 'Participantes' section of the order page: each child with their data, medical notes (a
// note in red) and weeks; on a paid camp order, the buttons that open the change dialog.
import { Button } from 'react-bootstrap';
import { fullName } from '../../../domain/family.ts';
import { formatDop } from '../../../domain/pricing.ts';
import { hasMedicalNote, type EnrolmentDetail } from '../../../domain/staff.ts';
import type { ChangeTarget } from '../ChangeDialog.tsx';
import { Section } from './DetailSection.tsx';

type Child = EnrolmentDetail['participants'][number];
type Line = EnrolmentDetail['lines'][number];

function Medical({ label, text }: { label: string; text: string }) {
  const note = hasMedicalNote(text);
  return (
    <li className={note ? 'text-danger fw-semibold' : undefined}>
      {label}: {text || '—'}
    </li>
  );
}

/** 'Cambiar semana' or 'Quitar semana' on one of a child's weeks. */
function WeekButton({
  action,
  child,
  line,
  onChange,
}: {
  action: 'move_week' | 'drop_week';
  child: Child;
  line: Line;
  onChange: (target: ChangeTarget) => void;
}) {
  const what = `${line.week_name} de ${fullName(child)}`;
  const moving = action === 'move_week';
  return (
    <Button
      variant={moving ? 'outline-primary' : 'outline-danger'}
      size="sm"
      className="admin-tap"
      aria-label={`${moving ? 'Cambiar' : 'Quitar'} ${what}`}
      onClick={() => onChange({ action, cupo: child.id, week: line.id, label: what })}
    >
      {moving ? 'Cambiar semana' : 'Quitar semana'}
    </Button>
  );
}

export function ParticipantsSection({
  enrolment,
  onChange,
}: {
  enrolment: EnrolmentDetail;
  /** Offered on a paid camp order: opens the change dialog on a child or one of their weeks. */
  onChange?: (target: ChangeTarget) => void;
}) {
  return (
    <Section title="Participantes">
      <div className="row g-3">
        {enrolment.participants.map((child) => (
          <article key={child.id} className="col-12 col-lg-6">
            <div className="d-flex gap-3">
              {child.image && (
                <img
                  src={child.image}
                  alt={`Foto de ${child.first_name}`}
                  width={72}
                  height={72}
                  className="rounded"
                />
              )}
              <div>
                <h3 className="h6 mb-1">
                  {child.first_name} {child.last_name}
                </h3>
                <p className="small mb-1">
                  {child.age} años · nacido el {child.birth_date} · {child.gender} · talla {child.size} ·{' '}
                  {child.school}
                </p>
                {child.membership_code && <p className="small mb-1">Membresía {child.membership_code}</p>}
                {onChange && enrolment.participants.length > 1 && (
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="admin-tap mb-2 no-print"
                    onClick={() =>
                      onChange({
                        action: 'drop_child',
                        cupo: child.id,
                        label: `${fullName(child)}, todas sus semanas`,
                      })
                    }
                  >
                    Quitar participante
                  </Button>
                )}
                <ul className="small mb-1 ps-3">
                  <Medical label="Alimentos prohibidos" text={child.prohibited_foods} />
                  <Medical label="Alergias" text={child.alergies} />
                  <Medical label="Medicamentos prohibidos" text={child.prohibited_drugs} />
                  <Medical label="Restricciones" text={child.activities_restrictions} />
                </ul>
                <ul className="small mb-0 ps-3">
                  {enrolment.lines
                    .filter((line) => line.cupo === child.id)
                    .map((line) => (
                      <li key={`${line.id}-${line.time}`} className="mb-1">
                        {line.week_name} ({line.date}) · {line.category_name} · {formatDop(line.value)}
                        {onChange && (
                          <span className="d-inline-flex flex-wrap gap-2 ms-2 no-print">
                            <WeekButton action="move_week" child={child} line={line} onChange={onChange} />
                            {enrolment.lines.length > 1 && (
                              <WeekButton action="drop_week" child={child} line={line} onChange={onChange} />
                            )}
                          </span>
                        )}
                      </li>
                    ))}
                </ul>
              </div>
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
