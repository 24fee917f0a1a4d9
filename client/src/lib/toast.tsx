// The one toast setup of the app. react-toastify's default entry injects its CSS from JavaScript;
// the unstyled entry plus the stylesheet keeps the CSS in the CSS bundle. Its toast() only reaches a
// container from the same entry, so every toast goes through this module (lint enforces it).
import 'react-toastify/ReactToastify.css';
import { ToastContainer, toast } from 'react-toastify/unstyled';

export { toast };

/** Top right, closes after 5 s, dismissed by dragging 80% of its width (../shared/SPEC.md section 9). */
export function AppToastContainer() {
  return <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />;
}
