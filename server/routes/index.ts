// Every route module of the API. A new resource adds its module here; the contract test checks nothing is missing.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { adminApplicationRoutes } from './admin-applications.ts';
import { adminDashboardRoutes } from './admin-dashboard.ts';
import { adminDuplicateRoutes } from './admin-duplicates.ts';
import { adminEventRoutes } from './admin-events.ts';
import { adminNewsRoutes } from './admin-news.ts';
import { adminProgramRoutes } from './admin-programs.ts';
import { adminReportRoutes } from './admin-reports.ts';
import { adminScoringRoutes } from './admin-scoring.ts';
import { adminUserRoutes } from './admin-users.ts';
import { applicationRoutes } from './applications.ts';
import { authRoutes } from './auth.ts';
import { eventRoutes } from './events.ts';
import { driveRoutes } from './drive.ts';
import { meRoutes } from './me.ts';
import { newsRoutes } from './news.ts';
import { programRoutes } from './programs.ts';
import { surveyRoutes } from './survey.ts';
import { systemRoutes } from './system.ts';

export const routeModules: Array<(ctx: AppContext) => Handlers> = [
  systemRoutes,
  authRoutes,
  meRoutes,
  programRoutes,
  surveyRoutes,
  applicationRoutes,
  eventRoutes,
  newsRoutes,
  adminUserRoutes,
  adminEventRoutes,
  adminNewsRoutes,
  adminProgramRoutes,
  adminApplicationRoutes,
  adminDashboardRoutes,
  adminReportRoutes,
  adminScoringRoutes,
  adminDuplicateRoutes,
  driveRoutes,
];
