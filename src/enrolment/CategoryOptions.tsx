// The category choices of a camp week's row and of an annual program (./CalendarStep.tsx,
// ./AnnualOptions.tsx).
import type { WizardCategory } from './wizardData.ts';

export const CATEGORY_PLACEHOLDER = 'Seleccione una categoría';

export function CategoryOptions({ categories }: { categories: readonly WizardCategory[] }) {
  return (
    <>
      <option value="">{CATEGORY_PLACEHOLDER}</option>
      {categories.map((category) => (
        <option key={category._id} value={category._id}>
          {category.name}
        </option>
      ))}
    </>
  );
}
