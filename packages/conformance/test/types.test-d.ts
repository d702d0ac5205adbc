// Type tests of the public API, type-checked by vitest alone (the package's typecheck setting; the root
// tsconfig.json leaves this file to it); never run. Each `@ts-expect-error` covers one statement.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type BehaviourId,
  type BehaviourResult,
  type CheckKind,
  type ConformanceOptions,
  type ConformanceReport,
  type ConformanceSettings,
  type ConformanceTotals,
  defaults,
  formatJson,
  formatJunit,
  formatSummary,
  type Observation,
  type OperationCheck,
  type OperationProblem,
  type OperationResult,
  type OperationStatus,
  type Problem,
  type RequestSource,
  type RuleId,
  runConformance,
  type SentRequest,
  UsageError,
  type WorkflowCheck,
  type WorkflowCheckName,
  type WorkflowProblem,
  type WorkflowReportProblem,
  type WorkflowResult,
  type WorkflowStep,
} from '../src/index.js';

describe('runConformance', () => {
  it('takes the options and resolves with the report', () => {
    expectTypeOf(runConformance).parameters.toEqualTypeOf<[ConformanceOptions]>();
    expectTypeOf(runConformance).returns.resolves.toEqualTypeOf<ConformanceReport>();
    expectTypeOf<ConformanceOptions['baseUrl']>().toEqualTypeOf<string>();
    expectTypeOf<ConformanceOptions['headers']>().toEqualTypeOf<Record<string, string> | undefined>();
    expectTypeOf<ConformanceOptions['onProgress']>().toEqualTypeOf<((line: string) => void) | undefined>();
    expectTypeOf(defaults).toEqualTypeOf<{
      rps: number;
      concurrency: number;
      timeoutMs: number;
      maxBodyBytes: number;
    }>();
    expectTypeOf<ConformanceOptions['maxBodyBytes']>().toEqualTypeOf<number | undefined>();
  });

  it('refuses options of the wrong shape', async () => {
    // @ts-expect-error the base URL is required
    await runConformance({ rps: 5 });
    // @ts-expect-error the caps are numbers, not flag text
    await runConformance({ baseUrl: 'http://127.0.0.1:4010', rps: '5' });
    // @ts-expect-error an option the runner does not have
    await runConformance({ baseUrl: 'http://127.0.0.1:4010', retries: 2 });
  });

  it('rejects with a UsageError, an Error', () => {
    expectTypeOf<UsageError>().toExtend<Error>();
    expectTypeOf(new UsageError('--rps must be a positive number')).toHaveProperty('message').toEqualTypeOf<string>();
  });
});

describe('the report', () => {
  it('renders as text in every form', () => {
    for (const format of [formatSummary, formatJunit, formatJson]) {
      expectTypeOf(format).toEqualTypeOf<(report: ConformanceReport) => string>();
    }
  });

  it('carries the secrets its formatters keep out, read-only', () => {
    expectTypeOf<ConformanceReport['secrets']>().toEqualTypeOf<readonly string[]>();
    (report: ConformanceReport) => {
      // @ts-expect-error the secrets are the run's, not the caller's to change
      report.secrets = [];
    };
  });

  it('names the check kinds of operations and workflows as unions', () => {
    expectTypeOf<OperationCheck>().toEqualTypeOf<
      | 'request'
      | 'timeout'
      | 'network'
      | 'body-size'
      | 'status'
      | 'header'
      | 'content-type'
      | 'body'
      | 'schema'
      | 'out-of-range'
      | 'rule'
      | 'behaviour'
    >();
    expectTypeOf<WorkflowCheck>().toEqualTypeOf<'respect' | 'steps' | 'step' | 'transaction value' | 'refused'>();
    expectTypeOf<CheckKind>().toEqualTypeOf<OperationCheck | WorkflowCheck>();
    expectTypeOf<OperationProblem['check']>().toEqualTypeOf<OperationCheck>();
    expectTypeOf<OperationResult['problems']>().toEqualTypeOf<OperationProblem[]>();
    expectTypeOf<WorkflowResult['problems']>().toEqualTypeOf<WorkflowProblem[]>();
    expectTypeOf<OperationProblem['rule']>().toEqualTypeOf<RuleId | undefined>();
    expectTypeOf<OperationProblem['seed']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<OperationProblem['behaviour']>().toEqualTypeOf<BehaviourId | undefined>();
    // A behaviour's problem shows every request that shows it, numbered as its `observed` refers to them.
    expectTypeOf<OperationProblem['requests']>().toEqualTypeOf<string[] | undefined>();
    // @ts-expect-error not a behaviour the runner checks
    const notABehaviour: BehaviourId = 'leaderboard-speed';
    expectTypeOf(notABehaviour).toEqualTypeOf<BehaviourId>();
    // @ts-expect-error not a rule the runner checks
    const notARule: RuleId = 'page-speed';
    expectTypeOf(notARule).toEqualTypeOf<RuleId>();
    // @ts-expect-error not a check of an operation
    const notACheck: OperationCheck = 'speed';
    expectTypeOf(notACheck).toEqualTypeOf<OperationCheck>();
  });

  it('names a workflow problem by its step and operation', () => {
    expectTypeOf<'priceUpdates (queryPriceUpdates): schema check'>().toExtend<WorkflowCheckName>();
    expectTypeOf<'priceUpdates (queryPriceUpdates): transaction value'>().toExtend<WorkflowCheckName>();
    expectTypeOf<'respect'>().toExtend<WorkflowCheckName>();
    expectTypeOf<'steps'>().toExtend<WorkflowCheckName>();
    expectTypeOf<'refused'>().toExtend<WorkflowCheckName>();
    expectTypeOf<'schema'>().not.toExtend<WorkflowCheckName>();
  });

  it('tells an operation problem from a workflow problem by `workflow`', () => {
    (problem: Problem) => {
      expectTypeOf(problem.operationId).toEqualTypeOf<string>();
      if (problem.workflow) expectTypeOf(problem.check).toEqualTypeOf<WorkflowCheckName>();
      else expectTypeOf(problem.check).toEqualTypeOf<OperationCheck>();
    };
  });

  it('types the results as the runner writes them', () => {
    expectTypeOf<OperationResult['status']>().toEqualTypeOf<'pass' | 'fail' | 'timeout' | 'skipped'>();
    expectTypeOf<OperationResult['answered']>().toEqualTypeOf<number | undefined>();
    // A flow that stopped where the contract allows is neither conforming nor failing: `incomplete`; one not
    // run (`workflows: false`) is `skipped`, saying why.
    expectTypeOf<WorkflowResult['status']>().toEqualTypeOf<'pass' | 'fail' | 'incomplete' | 'skipped'>();
    expectTypeOf<WorkflowResult['reason']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ConformanceReport['behaviours']>().toEqualTypeOf<BehaviourResult[]>();
    expectTypeOf<BehaviourResult['status']>().toEqualTypeOf<'pass' | 'fail' | 'inconclusive' | 'skipped'>();
    expectTypeOf<ConformanceOptions['behaviour']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ConformanceReport['settings']['behaviour']>().toEqualTypeOf<boolean>();
    expectTypeOf<ConformanceOptions['workflows']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ConformanceReport['settings']['workflows']>().toEqualTypeOf<boolean>();
    // A step that runs no operation of its own (a workflow, an operationPath) has none.
    expectTypeOf<WorkflowResult['steps'][number]['operationId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<WorkflowResult['steps'][number]['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ConformanceReport['observations']>().toEqualTypeOf<Observation[]>();
    expectTypeOf<ConformanceReport['settings']['params']>().toEqualTypeOf<string | null>();
    expectTypeOf<keyof ConformanceReport['totals']>().toEqualTypeOf<
      | 'operations'
      | 'conform'
      | 'fail'
      | 'timedOut'
      | 'skipped'
      | 'workflows'
      | 'workflowsConform'
      | 'workflowsIncomplete'
      | 'behaviours'
      | 'behavioursHold'
      | 'behavioursFail'
      | 'behavioursInconclusive'
      | 'observations'
      | 'problems'
      | 'requests'
    >();
    // Each problem carries the request that showed it (method, whole URL, a POST's body), when one was sent.
    expectTypeOf<Problem['request']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ConformanceReport['settings']['only']>().toEqualTypeOf<string[] | null>();
  });

  it('lists every request sent to the service, never a header value', () => {
    expectTypeOf<ConformanceReport['requests']>().toEqualTypeOf<SentRequest[]>();
    expectTypeOf<keyof SentRequest>().toEqualTypeOf<'method' | 'target' | 'from' | 'outcome' | 'status' | 'ms'>();
    expectTypeOf<SentRequest['from']>().toEqualTypeOf<RequestSource>();
    expectTypeOf<RequestSource>().toEqualTypeOf<'runner' | 'behaviour' | 'workflows'>();
    expectTypeOf<SentRequest['outcome']>().toEqualTypeOf<'answer' | 'oversized' | 'timeout' | 'network'>();
    expectTypeOf<SentRequest['status']>().toEqualTypeOf<number | null>();
  });

  it('names each part of the report by a type of its own', () => {
    expectTypeOf<ConformanceReport['settings']>().toEqualTypeOf<ConformanceSettings>();
    expectTypeOf<ConformanceReport['totals']>().toEqualTypeOf<ConformanceTotals>();
    expectTypeOf<OperationResult['status']>().toEqualTypeOf<OperationStatus>();
    expectTypeOf<OperationStatus>().toEqualTypeOf<'pass' | 'fail' | 'timeout' | 'skipped'>();
    expectTypeOf<WorkflowResult['steps']>().toEqualTypeOf<WorkflowStep[]>();
    expectTypeOf<WorkflowReportProblem>().toExtend<Problem>();
  });
});
