import { defineContractSuite } from './contract-suite';

defineContractSuite('content', 'library, AI studio, planner, workspace and automations');
