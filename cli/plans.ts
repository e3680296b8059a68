import type { Command } from "commander";

// Plan administration commands (plans:list, plans:set) are registered here.
export function registerPlanCommands(_program: Command): void {}
