import { scopedSuite } from './suite.js';

scopedSuite(6);
