// Async boundary: shared singletons are negotiated before the standalone shell starts.
import('./bootstrap');
