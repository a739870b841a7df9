import { defineContractSuite } from './contract-suite';

defineContractSuite('account', 'app, settings, connection, profiles, session, sync and records');
