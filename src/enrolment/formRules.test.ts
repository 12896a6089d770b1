// The forms' rules (Yup) load with the steps that have forms, not with the calendar: until they
// have, the calendar works and nothing past it counts as complete; once loaded, the same data is.
import { describe, expect, it, vi } from 'vitest';
import {
  CAT_MINI,
  cartState,
  summerCamp,
  validAdditional,
  validParticipant,
  validPayment,
  wizardData,
} from './test-fixtures.ts';

describe('form rules loaded with the steps', () => {
  it('counts nothing past the calendar as complete until the rules are loaded, then the same data is', async () => {
    vi.resetModules();
    // Loaded afresh, so that the registry the steps' rules and the child's tab read holds no rules yet.
    const calendar = await import('./calendarRules.ts');
    const steps = await import('./stepRules.ts');
    const tab = await import('./participantTab.ts');
    // One child in week 1, added as the calendar adds it.
    const start = calendar.selectCategory(cartState(summerCamp), CAT_MINI);
    const added = calendar.addToCart(
      calendar.toggleWeek(start, start.weeks[0]!._id),
      Date.parse('2027-05-03T15:00:00Z'),
    );
    if (!added.ok) throw new Error(added.message);
    const filled = wizardData(steps.updateParticipant(added.state, 1, validParticipant), {
      additional: validAdditional,
      payment: validPayment,
    });
    // The calendar's own step works without them.
    expect(steps.canProceed(0, filled)).toBe(true);
    expect(steps.canProceed(1, filled)).toBe(false);
    expect(steps.maxReachableStep(filled)).toBe(1);
    expect(tab.participantFieldProblems(filled, steps.participantList(filled)[0]!)).toEqual({});

    await import('./formRules.ts');
    expect([0, 1, 2, 3].map((step) => steps.canProceed(step as 0 | 1 | 2 | 3, filled))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(steps.maxReachableStep(filled)).toBe(3);
  });
});

describe('a route past the participants', () => {
  it('tells the machine its step only once the rules are there; earlier steps at once', async () => {
    vi.resetModules();
    const [{ createElement }, { render, waitFor }, { useStepRoute }, { WizardContext }, registry] =
      await Promise.all([
        import('react'),
        import('@testing-library/react'),
        import('./EnrolmentProvider.tsx'),
        import('./useWizard.ts'),
        import('./formRulesRegistry.ts'),
      ]);
    const sent: Array<{ type: string; step: number }> = [];
    const actor = { send: (event: { type: string; step: number }) => sent.push(event) };
    const Route = ({ step }: { step: 0 | 1 | 2 | 3 }) => {
      useStepRoute(step);
      return null;
    };
    const shown = (step: 0 | 1 | 2 | 3) =>
      render(
        createElement(WizardContext.Provider, { value: actor as never }, createElement(Route, { step })),
      );
    shown(1);
    expect(sent).toEqual([{ type: 'GO_TO', step: 1 }]);
    expect(registry.formRules()).toBeNull();
    shown(3);
    // Not yet: the machine would find the children incomplete and send the parent back.
    expect(sent).toHaveLength(1);
    await waitFor(() =>
      expect(sent).toEqual([
        { type: 'GO_TO', step: 1 },
        { type: 'GO_TO', step: 3 },
      ]),
    );
    expect(registry.formRules()).not.toBeNull();
  });
});
