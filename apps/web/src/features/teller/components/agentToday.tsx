import { AgentTodayWidget } from './AgentWidgets';

export default AgentTodayWidget;
