/**
 * The phone's entry forms (docs/TABLES.md): Wild Nine rounds and Nine deals through the laptop's own round
 * form state (RoundFormState with the same specs, so the same checks in the same order and the same words),
 * and a Seven Eight Nine game's result in one step (SE-R15) through the laptop's SenResultForm. The entries go
 * through the phone's queue (client.ts), never straight to the laptop, so a round typed offline waits on the phone.
 */
import type { NineState } from '../../../shared/games/nine/index'
import type { WildNineState } from '../../../shared/games/wild-nine/index'
import { err, type AppError, type Result } from '../../../shared/result'
import { nineRoundSpec } from '../games/nine/round-spec'
import { RoundFormState, type RoundFormMatch } from '../games/round-form/state.svelte'
import { wildNineRoundSpec } from '../games/wild-nine/round-spec'
import type { PhoneView } from './client'

// the laptop's form of a Seven Eight Nine result, shared so both check the same way in the same words (SE-R15)
export { SEN_ENDINGS, SenResultForm } from '../games/seven-eight-nine/result-form.svelte'

/** Sends one entry through the phone's queue: the laptop's refusal, or ok once accepted or kept waiting offline. */
export type PhoneEnter = (action: unknown) => Promise<Result<unknown>>

/** The phone's side of the round form's match: no view (a phone corrects nothing), entries sent through its queue. */
export class PhoneMatch implements RoundFormMatch {
  readonly view = null
  prefill: unknown = null
  error: AppError | null = null

  constructor(
    readonly id: string,
    private readonly enter: PhoneEnter,
  ) {}

  apply(action: unknown): Promise<Result<unknown>> {
    return this.enter(action)
  }

  correct(): Promise<Result<unknown>> {
    return Promise.resolve(err('invalid-input', "A phone corrects no entered round: the organiser's laptop does."))
  }
}

/** Who went out / who declared NINE: a seat, null (Wild Nine's deadlock), undefined while nobody is chosen. */
export type PhoneChoice = number | null | undefined
/** The two games' forms seen through what the phone's page uses of them. */
export type PhoneRoundForm = RoundFormState<unknown, unknown, unknown, PhoneChoice, string, PhoneMatch>

/** The entry mode a phone's table picked (per game), kept for the next rounds; by default the numbers. */
const picked: Record<string, string> = {}

/** The laptop's round form for the phone's Wild Nine or Nine match, or null for another game. */
export function phoneRoundForm(view: PhoneView, match: PhoneMatch): PhoneRoundForm | null {
  if (view.state === null) return null
  let form: PhoneRoundForm
  if (view.gameId === 'wild-nine')
    form = new RoundFormState(
      () => match,
      () => view.state as WildNineState,
      () => null,
      wildNineRoundSpec,
    ) as unknown as PhoneRoundForm
  else if (view.gameId === 'nine')
    form = new RoundFormState(
      () => match,
      () => view.state as NineState,
      () => null,
      nineRoundSpec,
    ) as unknown as PhoneRoundForm
  else return null
  // a phone counts in numbers unless its table picked cards; a draft being typed keeps its own mode
  const f = form.fields
  const typed = f.cards.some((t) => t.trim()) || f.numbers.some((t) => t.trim())
  if (!typed) f.mode = picked[form.spec.word] ?? form.spec.modes[1]
  return form
}

/** The mode picked on the phone, kept for its next forms. */
export function pickMode(form: PhoneRoundForm, mode: string): void {
  form.setMode(mode)
  picked[form.spec.word] = mode
}
