// The order test files start in: Vitest's own (longest first, by past durations or file size),
// then end-to-end files spread evenly among the others. A journey keeps a browser, a server and
// PostgreSQL busy (more than one core); three at once overload two cores while the short
// integration files wait behind them. Spread out, about one journey runs beside two other files
// at any time (decision 061).
import { BaseSequencer, type TestSpecification } from "vitest/node";

const isJourney = (file: TestSpecification) => file.project.name === "e2e";

export default class SpreadJourneys extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter(isJourney);
    const others = sorted.filter((file) => !isJourney(file));
    const order: TestSpecification[] = [];
    // Each journey goes in when its share of the journeys is not ahead of the others' share.
    while (journeys.length || others.length) {
      const journeysDone = 1 - journeys.length / Math.max(1, sorted.filter(isJourney).length);
      const othersDone = 1 - others.length / Math.max(1, sorted.length - sorted.filter(isJourney).length);
      order.push((journeys.length && (journeysDone <= othersDone || !others.length) ? journeys : others).shift()!);
    }
    return order;
  }
}
