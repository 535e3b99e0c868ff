import { AgentLatestWidget } from './AgentWidgets';

export default AgentLatestWidget;
